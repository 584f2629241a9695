// Widget options of the demo shop's payment page, kept out of the page so that the page's
// Content-Security-Policy needs no inline scripts. The style comes from this tag's data-style
// (the style gallery shows the same page once per style).
(function () {
  var script = document.currentScript;
  var style = (script && script.getAttribute('data-style')) || 'card';
  window.wpwlOptions = {
    style: style,
    locale: 'en',
    brandDetection: true,
    labels: { submit: 'Pay now' },
  };
})();
