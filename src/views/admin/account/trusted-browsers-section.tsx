import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useFormFocus } from '../../../lib/form-focus.hook';
import { useRouteData } from '../../../lib/route-data.hook';
import { DataState } from '../../../components/data-state';
import { trustedBrowsersQuery } from '../admin.queries';
import { BrowserEntry } from './browser-entry';
import { FailureMessage } from '../../../components/status-message';
import { AdminCard } from '../admin-card';

/**
 * The browsers trusted for 30 days after a two-step sign-in there, where signing in asks only for
 * the password, each with 'Stop trusting'. Listed beside the signed-in devices.
 */
export function TrustedBrowsersSection() {
  const { noticeId, failureId, actions } = useFormFocus();
  const machines = useAdminMachines();
  const [machine] = useState(() => machines.trustedBrowsers({ focusNotice: actions.focusNotice, focusFailure: actions.focusFailure }));
  const [state, send] = useMachine(machine);
  const browsers = useRouteData(trustedBrowsersQuery());
  const { notice, errorMessage } = state.context;

  return (
    <AdminCard title="Trusted browsers" className="admin-devices">
      <p>
        Browsers where you ticked &lsquo;Trust this browser for 30 days&rsquo; after a code from your app. Signing in there
        asks only for your password. Stop trusting any you no longer use or do not recognise.
      </p>
      <div id={noticeId} tabIndex={-1} role="status">
        {notice !== null && <p className="status status--success">{notice}</p>}
      </div>
      <FailureMessage id={failureId} message={errorMessage} />
      <DataState
        data={browsers}
        loadingText="Loading trusted browsers..."
        emptyText="No browser is trusted."
        failureText="The trusted browsers could not be loaded."
      >
        {(list) => (
          <ul className="admin-devices__list">
            {list.map((browser) => (
              <BrowserEntry
                key={browser.id}
                browser={browser.browser}
                address={browser.address}
                thisOne={browser.current && ' (this browser)'}
                when={{ label: 'Trusted until', at: browser.expiresAt }}
                end={{ text: 'Stop trusting', busy: state.matches('ending'), onEnd: () => send({ type: 'trust.end', id: browser.id }) }}
              />
            ))}
          </ul>
        )}
      </DataState>
    </AdminCard>
  );
}
