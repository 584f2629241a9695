// Which 3-D Secure version a challenge runs as. The spec knows version 1 and 2
// (threeDSecure.version, "digit.digit.digit starting 1 or 2") and makes the shopper's browser data
// mandatory for version 2 only. Server integrations written against the original service send the
// documented parameters and no browser data, and expect the pending answer with redirect.url: such
// a challenge runs as version 1. In order:
//
//   1. threeDSecure.version sent: its major version is the integrator's choice (1.x on a channel
//      that requires version 2 is refused, naming threeDSecure.version).
//   2. A channel with threeDSecure2Required: version 2.
//   3. Every mandatory browser field: version 2; none: version 1; some but not all: the integrator
//      meant version 2 and missed a field, so it is refused, naming each missing one, rather than
//      quietly run as version 1.
//
// Version 2 without the whole browser data is refused (HTTP 400 naming each field), before the
// simulator's answer is recorded or anything written. A widget payment is never refused here: the
// widget sends the browser data itself, and its version follows from what it sent.

import type { FlatParams } from '../params/types.js';
import type { ParameterError } from '../domain/errors.js';
import { THREE_D_SECURE_VERSIONS } from '../simulator/three-d-secure.js';
import { missingBrowserData, sentBrowserFields, THREE_D_SECURE_BROWSER_FIELDS } from './browser-data.js';

export type ChallengeVersion = { ok: true; version: string } | { ok: false; errors: ParameterError[] };

export interface VersionContext {
  /** The channel's threeDSecure2Required. */
  v2Required: boolean;
  /** The widget's payment (a checkout's): it collected the browser data; never refused here. */
  fromWidget: boolean;
}

/** The version of a challenge on these parameters, or why it cannot run. */
export function challengeVersion(params: FlatParams, context: VersionContext): ChallengeVersion {
  const requested = params.get('threeDSecure.version');
  const major = requested?.[0];
  if (major === '1') {
    if (context.v2Required && !context.fromWidget) {
      return refused([{ name: 'threeDSecure.version', value: requested ?? '', message: 'this channel runs 3-D Secure 2 only: send a 2.x version with the browser data' }]);
    }
    return { ok: true, version: requested ?? THREE_D_SECURE_VERSIONS[1] };
  }
  const sent = sentBrowserFields(params);
  const complete = sent === THREE_D_SECURE_BROWSER_FIELDS.length;
  const v2 = major === '2' || context.v2Required || sent > 0;
  if (!v2) return { ok: true, version: THREE_D_SECURE_VERSIONS[1] };
  if (complete) return { ok: true, version: major === '2' && requested ? requested : THREE_D_SECURE_VERSIONS[2] };
  // The widget sends the browser data itself: a payment of its that lacks some runs as version 1.
  if (context.fromWidget) return { ok: true, version: THREE_D_SECURE_VERSIONS[1] };
  const why =
    major === '2'
      ? `as threeDSecure.version ${requested} asks`
      : context.v2Required
        ? 'and this channel runs 3-D Secure 2 only'
        : 'and other customer.browser fields were sent (send all of them, or none to run 3-D Secure 1)';
  return refused(missingBrowserData(params, why));
}

const refused = (errors: ParameterError[]): ChallengeVersion => ({ ok: false, errors });
