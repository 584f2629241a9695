// Starts Swagger UI on the relay's OpenAPI document. On a test relay with its demo shop the relay
// hands out the test merchant's channel and token (/docs/api/try-it-out.json answers 204
// everywhere else): the token goes into Authorize, the channel is shown for the entityId fields.
//
// The plugin below only adds structure Swagger UI's base layout lacks, so that every part of the
// page sits in a landmark and headings go down one level at a time: the document's title becomes
// the page's banner with the help on trying calls (an h2 between Swagger UI's h1 and its h3
// operation groups), and the server choice and Authorize are a named region each.
'use strict';

(function () {
  var HELP_ID = 'try-it-out-help';

  function showLoadError(text) {
    var box = document.getElementById('load-error');
    box.textContent = text;
    box.hidden = false;
  }

  if (typeof window.SwaggerUIBundle !== 'function') {
    showLoadError('The reference could not start: its renderer did not load.');
    return;
  }

  /** Names of the document's HTTP bearer schemes (components.securitySchemes). */
  function bearerSchemes(ui) {
    var schemes = ui.specSelectors.specJson().getIn(['components', 'securitySchemes']);
    if (!schemes) return [];
    return schemes.filter(function (scheme) {
      return scheme.get('type') === 'http' && String(scheme.get('scheme')).toLowerCase() === 'bearer';
    }).keySeq().toArray();
  }

  function helpSection(h, merchant) {
    var code = function (text) { return h('code', null, text); };
    return h('section', { className: 'try-it-out-help', 'aria-labelledby': HELP_ID },
      h('h2', { id: HELP_ID }, 'Trying a call'),
      h('p', null,
        'Choose ', h('strong', null, 'Authorize'), ' and enter a channel\'s access token, then open an operation and choose ',
        h('strong', null, 'Try it out'), '. Request bodies are sent form-encoded (application/x-www-form-urlencoded), as integrations send them.'),
      merchant
        ? h('p', { className: 'test-merchant' },
          'This is a test relay: the test merchant\'s token is already entered in Authorize. Its channel (entityId) is ',
          code(merchant.entityId), '. Test card: ', code('4200000000000000'), ', any future expiry, CVV ', code('123'), '.')
        : null);
  }

  function layoutPlugin(merchant) {
    return function (system) {
      var h = system.React.createElement;
      return {
        wrapComponents: {
          InfoContainer: function (Original) {
            return function (props) { return h('header', { role: 'banner' }, h(Original, props), helpSection(h, merchant)); };
          },
          ServersContainer: function (Original) {
            return function (props) { return h('section', { 'aria-label': 'Server' }, h(Original, props)); };
          },
          AuthorizeBtnContainer: function (Original) {
            return function (props) { return h('section', { className: 'authorize-region', 'aria-label': 'Authorization' }, h(Original, props)); };
          },
          // Swagger UI's server list is a select inside an empty label: it gets its name here.
          Servers: function (Original) {
            return function (props) {
              return h('div', {
                ref: function (element) {
                  var select = element && element.querySelector('select');
                  if (select) select.setAttribute('aria-label', 'Server');
                },
              }, h(Original, props));
            };
          },
        },
      };
    };
  }

  function start(merchant) {
    var ui = window.SwaggerUIBundle({
      url: '/openapi.json',
      dom_id: '#swagger-ui',
      presets: [window.SwaggerUIBundle.presets.apis],
      plugins: [layoutPlugin(merchant)],
      layout: 'BaseLayout',
      // The public validator badge would send the document's address to validator.swagger.io.
      validatorUrl: null,
      // Nothing of the token outlives the tab.
      persistAuthorization: false,
      onComplete: function () {
        if (merchant) bearerSchemes(ui).forEach(function (name) { ui.preauthorizeApiKey(name, merchant.accessToken); });
      },
    });
    window.ui = ui;
  }

  fetch('/docs/api/try-it-out.json', { credentials: 'omit', cache: 'no-store' })
    .then(function (response) { return response.status === 200 ? response.json() : null; })
    .catch(function () { return null; })
    .then(start);
})();
