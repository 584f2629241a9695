// A channel's settings (docs/back-office-channels.md): what `relay entity set` changes, read and
// changed by owners and admins (channels.manage). A change is checked as the CLI checks it
// (merchants/entity-settings-input.ts), written with its audit row (the settings that changed,
// before and after) in one batch guarded by the settings read, and then forgotten by the merchant
// API's lookup cache so its next request reads them. A channel the person may not see is not found.

import { couldBeId } from '../../domain/ids.js';
import type { EntityRecord } from '../../domain/records.js';
import { applySettingsChanges } from '../../merchants/entity-settings-input.js';
import { writeEntitySettings } from '../../storage/writes/index.js';
import { BodyReader } from '../body.js';
import { BackofficeError, sessionOf, type BackofficeContext, type BackofficeRoutes, type BackofficeSession } from '../contract.js';
import { visibleEntities } from '../visible.js';
import { readSettingsChanges } from '../channel-settings/body.js';
import { changedSettings, defaultsView, settingsView } from '../channel-settings/view.js';
import { personAudit } from '../person-audit.js';

async function visibleChannel(ctx: BackofficeContext, session: BackofficeSession, id: string): Promise<EntityRecord> {
  // An id no channel can have is not looked up.
  const entity = couldBeId(id) ? (await visibleEntities(ctx, session)).find((e) => e.id === id) : undefined;
  if (!entity) throw new BackofficeError('notFound', 'no such channel');
  return entity;
}

const channelView = (ctx: BackofficeContext, entity: EntityRecord) => ({
  entityId: entity.id,
  name: entity.name,
  settings: settingsView(entity.settings),
  defaults: defaultsView(ctx.config),
});

export const channelSettingsRoutes: BackofficeRoutes = (app, ctx) => {
  app.get<{ Params: { id: string } }>('/channels/:id/settings', { config: { access: 'channels.manage' } }, async (request) => {
    return channelView(ctx, await visibleChannel(ctx, sessionOf(request), request.params.id));
  });

  app.put<{ Params: { id: string } }>('/channels/:id/settings', { config: { access: 'channels.manage' } }, async (request) => {
    const session = sessionOf(request);
    const entity = await visibleChannel(ctx, session, request.params.id);
    const body = new BodyReader(request.body);
    const fields = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : {};
    const changes = readSettingsChanges(body, fields);
    body.done('the channel settings are not valid');
    const next = applySettingsChanges(entity.settings, changes);
    const { before, after } = changedSettings(settingsView(entity.settings), settingsView(next));
    // Nothing changed: nothing to write, and no audit row tells of a change.
    if (Object.keys(after).length === 0) return channelView(ctx, entity);
    const written = await writeEntitySettings(ctx.store, {
      entityId: entity.id,
      read: entity.settings,
      next,
      audit: personAudit(session, request, ctx.clock.now(), { action: 'channel.changeSettings', target: entity.id, before, after }),
    });
    if (!written) throw new BackofficeError('conflict', 'the channel settings changed meanwhile: reload the page');
    ctx.lookups.forgetEntity(entity.id);
    return channelView(ctx, { ...entity, settings: next });
  });
};
