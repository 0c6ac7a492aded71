import { describe, expect, it } from 'vitest';
import { readUserFields } from './user-input';

describe('a user account’s fields', () => {
  it('stores the username and e-mail in lower case and the name trimmed', () => {
    const { value, errors } = readUserFields({
      fullName: ' Ada Lovelace ',
      username: 'Ada.L',
      email: 'Ada@Example.com',
      phone: '',
      roleId: 3,
    });
    expect(errors).toEqual({});
    expect(value).toEqual({ fullName: 'Ada Lovelace', username: 'ada.l', email: 'ada@example.com', phone: '', roleId: 3 });
  });

  it('applies the text rule to the full name, as the form and the sign-up do', () => {
    expect(readUserFields({ fullName: 'Ada\u202E', username: 'ada', email: 'a@b.co', roleId: 4 }).errors).toEqual({
      fullName: 'bidiControl',
    });
    expect(readUserFields({ fullName: 'x'.repeat(101), username: 'ada', email: 'a@b.co', roleId: 4 }).errors).toEqual({
      fullName: 'tooLong',
    });
  });

  it('names every other field that is wrong', () => {
    expect(readUserFields({ fullName: 'Ada', username: 'a', email: 'nobody', phone: 'call me', roleId: 5 }).errors).toEqual({
      username: 'invalidUsername',
      email: 'invalidEmail',
      phone: 'invalidPhone',
      roleId: 'required',
    });
  });
});
