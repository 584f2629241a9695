// Starts Swagger UI on the relay's OpenAPI document. On a test relay with its demo shop the relay
// hands out the test merchant's channel and token (/docs/api/try-it-out.json answers 204
// everywhere else): the token goes into Authorize, the channel is shown for the entityId fields.
'use strict';

(function () {
  var prefill = fetch('/docs/api/try-it-out.json', { credentials: 'omit', cache: 'no-store' })
    .then(function (response) { return response.status === 200 ? response.json() : null; })
    .catch(function () { return null; });

  /** Names of the document's HTTP bearer schemes (components.securitySchemes). */
  function bearerSchemes(ui) {
    var schemes = ui.specSelectors.specJson().getIn(['components', 'securitySchemes']);
    if (!schemes) return [];
    return schemes.filter(function (scheme) {
      return scheme.get('type') === 'http' && String(scheme.get('scheme')).toLowerCase() === 'bearer';
    }).keySeq().toArray();
  }

  function showTestMerchant(ui, merchant) {
    bearerSchemes(ui).forEach(function (name) { ui.preauthorizeApiKey(name, merchant.accessToken); });
    document.getElementById('test-entity').textContent = merchant.entityId;
    document.getElementById('test-merchant').hidden = false;
  }

  function showLoadError(text) {
    var box = document.getElementById('load-error');
    box.textContent = text;
    box.hidden = false;
  }

  if (typeof window.SwaggerUIBundle !== 'function') {
    showLoadError('The reference could not start: its renderer did not load.');
    return;
  }

  var ui = window.SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    // The public validator badge would send the document's address to validator.swagger.io.
    validatorUrl: null,
    // Nothing of the token outlives the tab.
    persistAuthorization: false,
    onComplete: function () {
      prefill.then(function (merchant) { if (merchant) showTestMerchant(ui, merchant); });
    },
  });
  window.ui = ui;
})();
