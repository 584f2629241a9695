// Keeps the result page's order status current without a reload: asks the shop's /order-status
// with the status the page shows, which answers as soon as the relay's notification changes it
// (a long poll), and writes the new words into the line's live region, which announces them. On a
// failure it asks again later, waiting longer each time. Kept out of the page for its
// Content-Security-Policy (no inline scripts).
(function () {
  var line = document.querySelector('[data-order-watch="true"]');
  if (!line || !window.fetch || !window.URLSearchParams) return;
  var checkoutId = line.getAttribute('data-checkout-id') || '';
  var seen = line.getAttribute('data-order-state') || '';
  var FIRST_PAUSE_MS = 1000;
  var LONGEST_PAUSE_MS = 30000;
  var pause = FIRST_PAUSE_MS;

  function ask() {
    fetch('/order-status?' + new URLSearchParams({ id: checkoutId, seen: seen }), { cache: 'no-store', headers: { accept: 'application/json' } })
      .then(function (res) {
        // The shop no longer knows the order (restarted, or long forgotten): nothing to follow.
        if (res.status === 404) return null;
        if (!res.ok) throw new Error('order status answered ' + res.status);
        return res.json();
      })
      .then(function (order) {
        if (!order) return;
        pause = FIRST_PAUSE_MS;
        if (order.status !== seen) {
          seen = order.status;
          line.setAttribute('data-order-state', seen);
          line.textContent = order.text;
        }
        if (order.mayChange) ask();
      })
      .catch(function () {
        setTimeout(ask, pause);
        pause = Math.min(pause * 2, LONGEST_PAUSE_MS);
      });
  }

  ask();
})();
