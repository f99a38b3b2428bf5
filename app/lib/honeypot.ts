/** The honeypot's field name: one a browser's autofill has no reason to fill. */
export const honeypotField = "contact_website";
