import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { EmailField } from '../fields';
import { createValidationPipe } from '../validation';

/**
 * The e-mail rule of spec section 5, run over the one table of cases the browser's rule is tested
 * with too (libs/api-client derives that rule from this decorator through the OpenAPI document).
 */
const cases = JSON.parse(
  readFileSync(
    resolve(__dirname, '../../../../../libs/api-client/src/email-address-cases.json'),
    'utf8',
  ),
) as { valid: string[]; invalid: string[] };

class EmailBody {
  @EmailField()
  email: string;
}

function validate(email: string) {
  return createValidationPipe().transform({ email }, { type: 'body', metatype: EmailBody });
}

describe('EmailField', () => {
  it('has cases to run', () => {
    expect(cases.valid.length).toBeGreaterThan(5);
    expect(cases.invalid.length).toBeGreaterThan(5);
  });

  it.each(cases.valid)('accepts %j', async (email) => {
    await expect(validate(email)).resolves.toEqual({ email });
  });

  it.each(cases.invalid)('refuses %j', async (email) => {
    await expect(validate(email)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses an address with spaces around it (the forms trim before sending)', async () => {
    await expect(validate(' fern@example.com ')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
