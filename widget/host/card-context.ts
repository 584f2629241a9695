// What the parts of one card form share (card-widget.ts puts them together): the session's
// environment, the form's model, the channel to its frames, its DOM, and where the shopper goes
// in the end.

import type { CardRefs } from './card-form.js';
import type { WidgetEnv } from './env.js';
import type { FrameLinks } from './frames.js';
import type { CardFormModel } from './model.js';

export interface CardContext {
  readonly env: WidgetEnv;
  readonly model: CardFormModel;
  readonly links: FrameLinks;
  readonly refs: CardRefs;
  /** The merchant form's action, absolute. */
  readonly shopperResultUrl: string;
}
