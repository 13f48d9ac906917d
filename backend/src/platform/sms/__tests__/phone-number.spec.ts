import { isE164PhoneNumber, maskPhoneNumber } from '../phone-number';

describe('phone numbers', () => {
  it.each(['+61412345678', '+14155552671', '+4915112345678', '+12345678', '+123456789012345'])(
    'accepts the E.164 number %s',
    (value) => expect(isE164PhoneNumber(value)).toBe(true),
  );

  it.each([
    '61412345678',
    '+0412345678',
    '+1234567',
    '+1234567890123456',
    '+61 412 345 678',
    '+61-412-345-678',
    '(04) 1234 5678',
    '+61412345678\n',
    ' +61412345678',
    '+６１４１２３４５６７８',
    '',
    '+',
  ])('refuses %j', (value) => expect(isE164PhoneNumber(value)).toBe(false));

  it.each([123456789, null, undefined, ['+61412345678'], { phone: '+61412345678' }])(
    'refuses the non-string %j',
    (value) => expect(isE164PhoneNumber(value)).toBe(false),
  );

  it('masks all but the last three digits', () => {
    expect(maskPhoneNumber('+61412345678')).toBe('+********678');
    expect(maskPhoneNumber('+12345678')).toBe('+*****678');
    expect(maskPhoneNumber('12')).toBe('**');
  });
});
