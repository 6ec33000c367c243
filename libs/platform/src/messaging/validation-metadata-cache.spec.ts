import { IsInt, IsString, getMetadataStorage, validateSync } from 'class-validator';
import { rememberValidationMetadata } from './validation-metadata-cache';

describe('rememberValidationMetadata', () => {
  rememberValidationMetadata();
  rememberValidationMetadata(); // installing twice changes nothing

  class Loaf {
    @IsString()
    name!: unknown;
  }

  const failed = (value: object) => validateSync(value).map((e) => `${e.property}: ${Object.keys(e.constraints ?? {}).join(',')}`);

  it('answers a class’s rules once looked up from memory, the same as class-validator found them', () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Loaf, '', false, false);
    expect(first.map((m) => m.propertyName)).toEqual(['name']);
    expect(storage.getTargetValidationMetadatas(Loaf, '', false, false)).toBe(first);
    // other options are another answer
    expect(storage.getTargetValidationMetadatas(Loaf, '', false, false, ['g'])).not.toBe(first);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    expect(failed(Object.assign(new Loaf(), { name: 3 }))).toEqual(['name: isString']);
    expect(failed(Object.assign(new Loaf(), { name: 'Rye' }))).toEqual([]);
  });

  it('forgets what it remembered when another rule is registered, so the new rule applies', () => {
    class Bun {
      @IsString()
      name!: unknown;
    }
    expect(failed(Object.assign(new Bun(), { name: 'Bap', seeds: 'x' }))).toEqual([]);
    // a rule added after the lookup (as a module loaded later would add its classes' rules)
    IsInt()(Bun.prototype, 'seeds');
    expect(failed(Object.assign(new Bun(), { name: 'Bap', seeds: 'x' }))).toEqual(['seeds: isInt']);
    // and a subclass declared later gets its own and the inherited ones
    class SeededBun extends Bun {
      @IsInt()
      count!: unknown;
    }
    expect(failed(Object.assign(new SeededBun(), { name: 3, seeds: 1, count: 'x' })).sort()).toEqual(['count: isInt', 'name: isString']);
  });
});
