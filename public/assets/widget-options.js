// Widget options of the demo shop's payment page, kept out of the page so that the page's
// Content-Security-Policy needs no inline scripts. The style gallery shows the same page with this
// tag's data-style, data-theme (a stylesheet of public/assets/themes/ over the wpwl-* classes),
// data-locale and data-state ("error": the form submitted empty once ready, so every hint shows;
// "focus": the card number focused).
(function () {
  var script = document.currentScript;
  var data = function (name, fallback) {
    var value = script && script.getAttribute('data-' + name);
    return value && /^[a-z-]+$/.test(value) ? value : fallback;
  };
  var theme = data('theme', '');
  if (theme) {
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = '/assets/themes/' + theme + '.css';
    document.head.appendChild(link);
  }
  var state = data('state', '');
  window.wpwlOptions = {
    style: data('style', 'card'),
    locale: data('locale', 'en'),
    brandDetection: true,
    autofocus: state === 'focus' ? 'card.number' : undefined,
    onReady: function () {
      if (state === 'error') window.wpwl.executePayment('wpwl-container-card');
    },
  };
})();
