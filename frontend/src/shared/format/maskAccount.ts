/** Shows enough of an account to recognise it, e.g. 138******5678; short accounts are shown as they are. */
export function maskAccount(account: string): string {
  return account.length > 7 ? `${account.slice(0, 3)}******${account.slice(-4)}` : account;
}
