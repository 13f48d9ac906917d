import { AppError, defineErrors } from '../app-error';
import { errorEnvelope, successEnvelope, WithResponders } from '../envelope';

describe('defineErrors', () => {
  const Errors = defineErrors({
    PLAIN: { status: 409, message: 'Already there' },
    WITH_PARAMS: { status: 404, message: 'Page not found: {path}' },
  });

  it('builds AppErrors with code, status and message', () => {
    const error = Errors.PLAIN({ hint: 1 });
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      code: 'PLAIN',
      status: 409,
      message: 'Already there',
      details: { hint: 1 },
    });
  });

  it('fills message placeholders', () => {
    expect(Errors.WITH_PARAMS({ path: '/x/y' }).message).toBe('Page not found: /x/y');
  });
});

describe('envelopes', () => {
  it('wraps data and responders', () => {
    expect(successEnvelope({ a: 1 })).toEqual({ status: 'success', data: { a: 1 } });
    expect(successEnvelope(undefined)).toEqual({ status: 'success', data: null });
    expect(successEnvelope(new WithResponders([1], [{ uuid: 'u' }]))).toEqual({
      status: 'success',
      data: [1],
      responders: [{ uuid: 'u' }],
    });
  });

  it('omits details when there are none', () => {
    expect(errorEnvelope('X', 'y')).toEqual({
      status: 'error',
      error: { code: 'X', message: 'y' },
    });
    expect(errorEnvelope('X', 'y', [1])).toEqual({
      status: 'error',
      error: { code: 'X', message: 'y', details: [1] },
    });
  });
});
