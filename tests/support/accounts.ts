/** The user info every new test account (signed up as Ada Lovelace) answers. */
export function newAccountUserInfo(account: { userId: unknown; email: string }) {
  return {
    userId: account.userId,
    userName: 'Ada Lovelace',
    roles: ['R_CUSTOMER'],
    buttons: [],
    email: account.email,
    firstName: 'Ada',
    lastName: 'Lovelace',
  };
}
