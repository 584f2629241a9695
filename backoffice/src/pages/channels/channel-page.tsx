// A channel's settings by section, each saved on its own (docs/back-office-channels.md).

import { useRoute } from 'preact-iso/router';
import { useEffect, useState } from 'preact/hooks';
import { api } from '../../api/client.js';
import { ErrorNotice, Loading } from '../../components/notice.js';
import { Page } from '../../components/page.js';
import { useLoad } from '../../components/use-load.js';
import { FeesSection } from './fees-section.js';
import { LimitsSection } from './limits-section.js';
import { OriginsSection } from './origins-section.js';
import { PayoutSection } from './payout-section.js';
import { RegionSection } from './region-section.js';
import { SwitchSection } from './switch-section.js';
import type { ChannelView } from './types.js';

export function ChannelPage() {
  const { params } = useRoute();
  const id = params.id ?? '';
  const loaded = useLoad(() => api<ChannelView>('GET', `/channels/${encodeURIComponent(id)}/settings`), [id]);
  const [channel, setChannel] = useState<ChannelView>();
  useEffect(() => setChannel(loaded.data), [loaded.data]);
  const back = { href: '/channels', label: 'Channels' };
  if (!channel) {
    return (
      <Page title="Channel" back={back}>
        <ErrorNotice error={loaded.error} />
        {loaded.loading && <Loading what="the channel" />}
      </Page>
    );
  }
  const props = { channel, onSaved: setChannel };
  return (
    <Page title={channel.name} back={back}>
      <p class="muted">
        Entity id <code class="wrap">{channel.entityId}</code>. Changes apply to the channel's next request.
      </p>
      <div class="channels-sections">
        <OriginsSection {...props} />
        <RegionSection {...props} />
        <LimitsSection {...props} />
        <PayoutSection {...props} />
        <FeesSection {...props} />
        <SwitchSection {...props} setting="strictParameters" title="Strict parameters" label="Refuse parameters a request does not use" description="Catches typos in an integration: a parameter the operation does not use, or customer fields sent without the shopper's name, are refused instead of ignored." />
        <SwitchSection {...props} setting="threeDSecure2Required" title="3-D Secure" label="Require 3-D Secure 2" description="A payment that needs a challenge but came without the shopper's browser data is refused instead of run as 3-D Secure 1." />
      </div>
    </Page>
  );
}
