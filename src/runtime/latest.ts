/**
 * Latest request wins: answers can come back out of order, and only the newest request may write.
 * Each call of the returned `begin` starts a request and gives its check, true until a later
 * request begins.
 */
export function latestWins(): () => () => boolean {
  let latest = 0;
  return () => {
    const request = ++latest;
    return () => request === latest;
  };
}
