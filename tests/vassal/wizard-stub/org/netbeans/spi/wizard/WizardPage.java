package org.netbeans.spi.wizard;

/** A stand-in for the wizard library's class (tests only). */
public class WizardPage extends javax.swing.JPanel {
  public WizardPage() {}
  public WizardPage(String title) {}
  protected void putWizardData(Object key, Object value) {}
  public interface WizardResultProducer {}
}
