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
const AuditPage = lazy(() => import('./pages/audit-page.js').then((m) => m.AuditPage));
const CredentialsPage = lazy(() => import('./pages/credentials-page.js').then((m) => m.CredentialsPage));
const PeoplePage = lazy(() => import('./pages/people/people-page.js').then((m) => m.PeoplePage));
const SettingsPage = lazy(() => import('./pages/settings-page.js').then((m) => m.SettingsPage));
const AccountPage = lazy(() => import('./pages/account/account-page.js').then((m) => m.AccountPage));
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
        <Route path="/audit" component={AuditPage} />
        <Route path="/credentials" component={CredentialsPage} />
        <Route path="/people" component={PeoplePage} />
        <Route path="/settings" component={SettingsPage} />
        <Route path="/account" component={AccountPage} />
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
