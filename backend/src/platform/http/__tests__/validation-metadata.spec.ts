import { getMetadataStorage, IsInt, IsString, validateSync } from 'class-validator';
import { memoizeValidationMetadata } from '../validation';

describe('memoizeValidationMetadata', () => {
  const storage = getMetadataStorage();
  memoizeValidationMetadata(storage);

  class Base {
    @IsString() name!: string;
  }

  it('answers as the walk does, once per class and options', () => {
    const first = storage.getTargetValidationMetadatas(Base, '', false, false);
    expect(first.map((rule) => rule.propertyName)).toEqual(['name']);
    expect(storage.getTargetValidationMetadatas(Base, '', false, false)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    // Other options are another answer.
    expect(storage.getTargetValidationMetadatas(Base, '', true, false)).not.toBe(first);
  });

  it('sees the rules of a class defined after an answer was kept, inherited ones included', () => {
    storage.getTargetValidationMetadatas(Base, '', false, false);
    class Later extends Base {
      @IsInt() count!: number;
    }
    const rules = storage.getTargetValidationMetadatas(Later, '', false, false);
    expect(rules.map((rule) => rule.propertyName).sort()).toEqual(['count', 'name']);
    const value = Object.assign(new Later(), { name: 7, count: 'x' });
    expect(
      validateSync(value)
        .map((error) => error.property)
        .sort(),
    ).toEqual(['count', 'name']);
  });

  it('installs once', () => {
    const lookUp = storage.getTargetValidationMetadatas;
    memoizeValidationMetadata(storage);
    expect(storage.getTargetValidationMetadatas).toBe(lookUp);
  });
});
