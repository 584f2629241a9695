// Entry of extras.min.js: the parts of the widget only some checkouts need, loaded on demand by
// the main script (extras-load.ts). It defines no global: it hands its parts to the main script
// through an event on its own script element.

import { EXTRAS_EVENT, type Extras } from './api.js';
import { accountForms } from './account-forms.js';
import { billingGroup } from './billing.js';
import { StoredCards } from './stored-cards.js';

const extras: Extras = {
  storedCards: (env, cards, via) => new StoredCards(env, cards, via),
  accountForms,
  billingGroup,
};
document.currentScript?.dispatchEvent(new CustomEvent(EXTRAS_EVENT, { detail: extras }));
