package org.netbeans.spi.wizard;

/** A stand-in for the wizard library's class: lets VASSAL load a module with set-ups (tests only). */
public abstract class WizardPanelProvider {
  protected WizardPanelProvider(String title, String[] steps, String[] descriptions) {}
  protected WizardPanelProvider(String title, String step, String description) {}
  protected WizardPanelProvider(String[] steps, String[] descriptions) {}
  public Wizard createWizard() { return new Wizard(); }
  public Wizard newWizard(java.awt.Dimension size) { return new Wizard(); }
}
