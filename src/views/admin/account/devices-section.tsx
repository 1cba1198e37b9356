import { useMachine } from '@xstate/react';
import { useState } from 'react';
import { useAdminMachines } from '../../../lib/admin-machines.context';
import { useFormFocus } from '../../../lib/form-focus.hook';
import { BrowserEntry } from './browser-entry';
import { LoadFailure } from '../../../components/data-state';
import { StatusMessage } from '../../../components/status-message';
import { AdminCard } from '../admin-card';

/** The devices the administrator is signed in on, with a way to sign any of them out. */
export function DevicesSection() {
  const { noticeId, failureId, actions } = useFormFocus();
  const machines = useAdminMachines();
  const [machine] = useState(() => machines.devices({ focusNotice: actions.focusNotice, focusFailure: actions.focusFailure }));
  const [state, send] = useMachine(machine);
  const { devices, notice, errorMessage } = state.context;
  const busy = !state.matches('ready');
  const others = devices.filter((device) => !device.current).length;

  return (
    <AdminCard title="Signed-in devices" className="admin-devices">
      <p>The browsers and devices where you are signed in now. Sign out any you do not recognise, then change your password.</p>
      {notice !== null && (
        <StatusMessage tone="success" id={noticeId}>{notice}</StatusMessage>
      )}
      {errorMessage !== null && !state.matches('loadFailed') && (
        <StatusMessage tone="error" id={failureId}>{errorMessage}</StatusMessage>
      )}
      {state.matches('loadFailed') && (
        <LoadFailure secondary retry={() => send({ type: 'retry' })}>
          The list of devices could not be loaded. {errorMessage}
        </LoadFailure>
      )}
      {state.matches('loading') && devices.length === 0 && (
        <p role="status" className="admin-checking">
          Loading devices...
        </p>
      )}
      {devices.length > 0 && (
        <ul className="admin-devices__list">
          {devices.map((device) => (
            <BrowserEntry
              key={device.id}
              browser={device.browser}
              address={device.address}
              thisOne={device.current && ' (this device)'}
              when={{ label: 'Last used', at: device.lastUsedAt }}
              end={device.current ? undefined : { text: 'Sign out', busy, onEnd: () => send({ type: 'device.end', id: device.id }) }}
            />
          ))}
        </ul>
      )}
      {others > 0 && (
        <button type="button" className="button" disabled={busy} onClick={() => send({ type: 'devices.endOthers' })}>
          Sign out all other devices
        </button>
      )}
      {state.matches('ready') && (
        <button type="button" className="button button--secondary" onClick={() => send({ type: 'devices.reload' })}>
          Check the list again
        </button>
      )}
    </AdminCard>
  );
}
