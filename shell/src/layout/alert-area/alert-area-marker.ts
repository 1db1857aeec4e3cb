/**
 * Marks the alert area so that a click on an alert (its close button) is not taken by an open dialog as a click outside,
 * which would close the dialog the alert is about.
 */
export const alertAreaAttribute = 'data-alert-area';
