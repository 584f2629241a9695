// The 3-D Secure 2 browser data (customer.browser.*) sent with every card payment: what the
// issuer's challenge needs to know of the shopper's browser. The accept header is the one a
// browser sends for a page; browser.threeDChallengeWindow (1–5) picks the challenge size.

/** The browser data, except what the form already carries (a merchant's own fields win). */
export function browserData(browser: { threeDChallengeWindow: number | null }, present: ReadonlyArray<readonly [string, string]>): Array<[string, string]> {
  const s = window.screen;
  const lang = navigator.language || 'en';
  const data: Array<[string, string]> = [
    ['customer.browser.acceptHeader', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'],
    ['customer.browser.language', lang.length <= 8 ? lang : lang.split('-')[0]!],
    ['customer.browser.screenHeight', String(s.height)],
    ['customer.browser.screenWidth', String(s.width)],
    ['customer.browser.screenColorDepth', String(s.colorDepth)],
    ['customer.browser.timezone', String(new Date().getTimezoneOffset())],
    ['customer.browser.userAgent', navigator.userAgent.slice(0, 2048)],
    ['customer.browser.javaEnabled', String(navigator.javaEnabled?.() ?? false)],
  ];
  if (browser.threeDChallengeWindow) data.push(['customer.browser.challengeWindow', String(browser.threeDChallengeWindow)]);
  return data.filter(([name]) => !present.some(([n]) => n === name));
}
