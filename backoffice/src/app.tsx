// The pages and their addresses. Signing in and accepting an invitation are in the first bundle;
// every page of the shell is its own chunk, loaded when it is first opened.

import { LocationProvider, Route, Router, useLocation } from 'preact-iso/router';
import lazy from 'preact-iso/lazy';
import { useEffect } from 'preact/hooks';
import { me } from './api/session.js';
import { Shell } from './shell/shell.js';
import { SignInPage } from './pages/sign-in.js';
import { Loading } from './components/notice.js';

const InvitePage = lazy(() => import('./pages/invite.js').then((m) => m.InvitePage));
const HomePage = lazy(() => import('./pages/home/home-page.js').then((m) => m.HomePage));
const PaymentsPage = lazy(() => import('./pages/payments/payments-page.js').then((m) => m.PaymentsPage));
const PaymentPage = lazy(() => import('./pages/payment/payment-page.js').then((m) => m.PaymentPage));
const SettlementPage = lazy(() => import('./pages/settlement/settlement-page.js').then((m) => m.SettlementPage));
const AggregationPage = lazy(() => import('./pages/settlement/aggregation-page.js').then((m) => m.AggregationPage));
const ChargebacksPage = lazy(() => import('./pages/chargebacks/chargebacks-page.js').then((m) => m.ChargebacksPage));
const AuditPage = lazy(() => import('./pages/audit-page.js').then((m) => m.AuditPage));
const CredentialsPage = lazy(() => import('./pages/credentials-page.js').then((m) => m.CredentialsPage));
const PeoplePage = lazy(() => import('./pages/people/people-page.js').then((m) => m.PeoplePage));
const SettingsPage = lazy(() => import('./pages/settings-page.js').then((m) => m.SettingsPage));
const ChannelsPage = lazy(() => import('./pages/channels/channels-page.js').then((m) => m.ChannelsPage));
const ChannelPage = lazy(() => import('./pages/channels/channel-page.js').then((m) => m.ChannelPage));
const AccountPage = lazy(() => import('./pages/account/account-page.js').then((m) => m.AccountPage));
const TestToolsPage = lazy(() => import('./pages/test-tools/test-tools-page.js').then((m) => m.TestToolsPage));
const StoredCardsPage = lazy(() => import('./pages/stored-cards/stored-cards-page.js').then((m) => m.StoredCardsPage));
const SchedulesPage = lazy(() => import('./pages/schedules/schedules-page.js').then((m) => m.SchedulesPage));
const SchedulePage = lazy(() => import('./pages/schedules/schedule-page.js').then((m) => m.SchedulePage));
const NotificationsPage = lazy(() => import('./pages/notifications/notifications-page.js').then((m) => m.NotificationsPage));
const EndpointPage = lazy(() => import('./pages/notifications/endpoint-page.js').then((m) => m.EndpointPage));
const EventPage = lazy(() => import('./pages/notifications/event-page.js').then((m) => m.EventPage));
const NotFoundPage = lazy(() => import('./pages/not-found.js').then((m) => m.NotFoundPage));

export function App() {
  return (
    <LocationProvider>
      <Pages />
    </LocationProvider>
  );
}

function Pages() {
  const { path } = useLocation();
  // The links `relay user invite` and the People page hand out.
  if (path.startsWith('/invitations/') || path.startsWith('/invite/')) {
    return (
      <Router>
        <Route path="/invitations/:token" component={InvitePage} />
        <Route path="/invite/:token" component={InvitePage} />
        <Route default component={SignInPage} />
      </Router>
    );
  }
  const person = me.value;
  if (person === undefined) return <Loading what="the back office" />;
  if (person === null) return <SignInPage />;
  return (
    <Shell>
      <Router onRouteChange={focusNewPage}>
        <Route path="/" component={Home} />
        <Route path="/payments" component={PaymentsPage} />
        <Route path="/payments/:id" component={PaymentPage} />
        <Route path="/settlement" component={SettlementPage} />
        <Route path="/settlement/:id" component={AggregationPage} />
        <Route path="/chargebacks" component={ChargebacksPage} />
        <Route path="/audit" component={AuditPage} />
        <Route path="/credentials" component={CredentialsPage} />
        <Route path="/people" component={PeoplePage} />
        <Route path="/settings" component={SettingsPage} />
        <Route path="/channels" component={ChannelsPage} />
        <Route path="/channels/:id" component={ChannelPage} />
        <Route path="/account" component={AccountPage} />
        <Route path="/test-tools" component={TestToolsPage} />
        <Route path="/stored-cards" component={StoredCardsPage} />
        <Route path="/schedules" component={SchedulesPage} />
        <Route path="/schedules/:id" component={SchedulePage} />
        <Route path="/notifications" component={NotificationsPage} />
        <Route path="/notifications/events/:eventId" component={EventPage} />
        <Route path="/notifications/:id" component={EndpointPage} />
        <Route default component={NotFoundPage} />
      </Router>
    </Shell>
  );
}

let shownPath = location.pathname;

/**
 * A new page takes the focus to its start, so a keyboard or screen reader user goes on from
 * there rather than from the top of the document. A new query (a filter) leaves focus alone.
 */
function focusNewPage(url: string): void {
  const path = url.split('?')[0] ?? url;
  if (path === shownPath) return;
  shownPath = path;
  document.getElementById('main')?.focus();
}

/** `/` is the home page for whoever may read payments; anyone else goes to the first page their role allows. */
function Home() {
  return me.value?.actions.includes('payments.read') ? <HomePage /> : <FirstAllowedPage />;
}

function FirstAllowedPage() {
  const { route } = useLocation();
  const actions = me.value?.actions ?? [];
  useEffect(() => {
    route(actions.includes('payments.read') ? '/payments' : actions.includes('credentials.manage') ? '/credentials' : '/account', true);
  }, []);
  return null;
}
