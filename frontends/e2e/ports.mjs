// Where the e2e stack listens; away from `npm start`'s defaults so both can run at once.
export const E2E_WEB_PORT = Number(process.env.E2E_WEB_PORT ?? 3300);
export const E2E_MAIL_PORT = Number(process.env.E2E_MAIL_PORT ?? 3325);
export const E2E_DATABASE = process.env.E2E_DATABASE ?? 'plantfolk_e2e';
/** ADMIN_EMAILS of the e2e stack: the account with this address is an admin. */
export const E2E_ADMIN_EMAIL = 'admin@e2e.plantfolk.test';
