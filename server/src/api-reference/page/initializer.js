// Starts Swagger UI on the relay's OpenAPI document. On a test relay with its demo shop the relay
// hands out the test merchant's channel and token (try-it-out.json answers 204 everywhere else):
// the token goes into Authorize, the channel is shown for the entityId fields.
//
// Swagger UI fills every field of a form body with a sample made up from its schema (a random
// string matching the pattern) and sends all of them, which no relay accepts: a payment form has
// well over a hundred optional names. The form therefore starts empty, except where the document
// gives a required name an example, and sends only the fields the person fills in, each exactly
// as typed (formRequest).
//
// The plugin below also adds structure Swagger UI's base layout lacks, so that every part of the
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

  var FORM = 'application/x-www-form-urlencoded';

  /**
   * The request body with every form property's sample blanked, unless it is a required one's own
   * example; on a test relay, entityId starts as the test merchant's channel.
   */
  function emptyFormSamples(requestBody, merchant) {
    var schemaPath = ['content', FORM, 'schema'];
    if (!requestBody || !requestBody.getIn(schemaPath.concat('properties'))) return requestBody;
    var required = requestBody.getIn(schemaPath.concat('required'));
    return requestBody.updateIn(schemaPath.concat('properties'), function (properties) {
      return properties.map(function (property, name) {
        if (merchant && name === 'entityId') return property.delete('examples').set('example', merchant.entityId);
        var hasExample = property.has('example') || property.has('examples');
        if (hasExample && required && required.includes(name)) return property;
        return property.delete('examples').set('example', '');
      });
    });
  }

  /**
   * The form body of a call as Swagger UI's client is to send it: without the fields left empty
   * (Swagger UI sends every field; the relay reads an empty one as not sent, so the request reads
   * as a person would write it), and each value quoted as a JSON string. The client reads every
   * form value as JSON when it can, which would turn an amount of "92.10" into 92.1 and a
   * 19-digit card number into a rounded float; a JSON string literal reads back as exactly the
   * text typed.
   */
  function formRequest(request) {
    var body = request.requestBody;
    if (!body || typeof body !== 'object' || String(request.requestContentType).indexOf(FORM) !== 0) return request;
    var sent = {};
    Object.keys(body).forEach(function (name) {
      var value = body[name];
      if (value === '' || value === undefined || value === null) return;
      sent[name] = typeof value === 'string' ? JSON.stringify(value) : value;
    });
    return Object.assign({}, request, { requestBody: sent });
  }

  /** A ref that names the selects under its element that have no name; a new one each render, so it runs on each. */
  function nameSelects(name) {
    return function (element) {
      if (!element) return;
      element.querySelectorAll('select:not([aria-label])').forEach(function (select) { select.setAttribute('aria-label', name); });
    };
  }

  function referencePlugin(merchant) {
    return function (system) {
      var h = system.React.createElement;
      return {
        // Swagger UI has no hook between reading a form and handing it to its client, so the
        // client's two entry points (the request shown, the request sent) get the form rewritten.
        afterLoad: function (loaded) {
          var fn = loaded.fn;
          var buildRequest = fn.buildRequest;
          var execute = fn.execute;
          fn.buildRequest = function (request) { return buildRequest(formRequest(request)); };
          fn.execute = function (request) { return execute(formRequest(request)); };
        },
        wrapComponents: {
          RequestBody: function (Original) {
            return function (props) { return h(Original, Object.assign({}, props, { requestBody: emptyFormSamples(props.requestBody, merchant) })); };
          },
          InfoContainer: function (Original) {
            return function (props) { return h('header', { role: 'banner' }, h(Original, props), helpSection(h, merchant)); };
          },
          ServersContainer: function (Original) {
            return function (props) { return h('section', { 'aria-label': 'Server' }, h(Original, props)); };
          },
          AuthorizeBtnContainer: function (Original) {
            return function (props) { return h('section', { className: 'authorize-region', 'aria-label': 'Authorization' }, h(Original, props)); };
          },
          // Swagger UI's server list is a select inside an empty label, and a form body's lists of
          // values are selects without one: each gets its name (the server, the field's name).
          Servers: function (Original) {
            return function (props) { return h('div', { ref: nameSelects('Server') }, h(Original, props)); };
          },
          // The schemas' section is a peer of the webhooks' (an h2) but Swagger UI heads it with an
          // h4: it is read as the level-2 heading it is.
          Models: function (Original) {
            return function (props) {
              return h('div', {
                ref: function (element) {
                  var heading = element && element.querySelector('section.models > h4');
                  if (heading) heading.setAttribute('aria-level', '2');
                },
              }, h(Original, props));
            };
          },
          JsonSchemaForm: function (Original) {
            return function (props) {
              if (typeof props.description !== 'string') return h(Original, props);
              return h('div', { ref: nameSelects(props.description) }, h(Original, props));
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
      plugins: [referencePlugin(merchant)],
      layout: 'BaseLayout',
      // The public validator badge would send the document's address to validator.swagger.io.
      validatorUrl: null,
      // Nothing of the token outlives the tab.
      persistAuthorization: false,
      onComplete: function () {
        if (merchant) bearerSchemes(ui).forEach(function (name) { ui.preauthorizeApiKey(name, merchant.accessToken); });
      },
    });
  }

  fetch('/v1/pages/api-reference/try-it-out.json', { credentials: 'omit', cache: 'no-store' })
    .then(function (response) { return response.status === 200 ? response.json() : null; })
    .catch(function () { return null; })
    .then(start);
})();
