package org.netbeans.spi.wizard;

/** A stand-in for the wizard library's class (tests only). */
public class WizardException extends Exception {}
