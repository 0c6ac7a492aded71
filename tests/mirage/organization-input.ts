/** A complete, valid organization as POST and PUT /api/organizations take it, with the fields a test changes. */
export const validOrg = (overrides: Record<string, unknown> = {}) => ({
  name: 'Tyrell Corp',
  code: 'tyrell',
  contactEmail: 'it@tyrell.example',
  phone: '+1 555 0300',
  address: 'Los Angeles',
  timezone: 'America/Los_Angeles',
  seatLimit: 10,
  screenshotPolicy: { enabled: true, intervalMinutes: 15, retentionDays: 30 },
  ...overrides,
});
