/** PostgreSQL text holds no NUL and no stored id contains one: such an id matches nothing. */
export const storable = (id: string): boolean => !id.includes('\0');
