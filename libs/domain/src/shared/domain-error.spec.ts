import { DomainError } from './domain-error';

enum SampleCode { Broken = 'sample.broken' }
class SampleError extends DomainError<SampleCode> {
  constructor() { super(SampleCode.Broken, 'it broke'); }
}

describe(DomainError.name, () => {
  it('carries its code, message and the concrete class name', () => {
    const error = new SampleError();
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('sample.broken');
    expect(error.message).toBe('it broke');
    expect(error.name).toBe('SampleError');
  });
});
