/**
 * A hold or a payment refused by the presale waiting room (the person's pass ran out unused or
 * an operator revoked it): the purchase page is asked for again, and the site's middleware
 * sends the person to their place in the waiting room, where the page says what happens next.
 */
export function backToWaitingRoom(): void {
  window.location.assign(window.location.pathname);
}
