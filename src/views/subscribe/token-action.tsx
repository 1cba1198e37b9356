import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { pageTitle } from '../../../src-core/domain/navigation';
import { SUBSCRIPTION_TEXTS } from '../../../src-core/domain/subscription';
import { isCoreError } from '../../../src-core/domain/core-error';
import type { SubscriptionPort } from '../../../src-core/ports/subscription.port';
import { NotForSearchEnginesOnceRunning } from '../../components/not-for-search-engines';
import { PageHeading } from '../../components/page-heading';
import { usePageTitle } from '../../components/page-title.hook';
import { useBackend } from '../../lib/backend.context';
import './subscribe.css';

/** Where the backend has no subscriptions (the hosted backend, for now). */
export const NO_NEWS_BY_EMAIL = 'This website does not send news by e-mail. Please visit the News page for the latest news.';

type Outcome = { readonly kind: 'done' } | { readonly kind: 'refused'; readonly message: string };

export interface TokenPageProps {
  readonly route: 'subscribe-confirm' | 'unsubscribe';
  readonly heading: string;
  /** Where the form posts without script (the page's own address). */
  readonly action: string;
  readonly explanation: string;
  readonly button: string;
  readonly doneText: string;
  /** What a refused or missing token shows. */
  readonly refusedText: string;
  /** The address's 'result' once the form, posted without script, used the token. */
  readonly doneResult: string;
  readonly run: (subscriptions: SubscriptionPort, token: string) => Promise<void>;
}

/**
 * A page with one button that acts on the token from an e-mail's link: a POST, so opening the link
 * (as a mail program's link scanner does) changes nothing. Without script the form posts to the
 * page's own address and the server sends the browser back here with the outcome, named in the
 * address ('result').
 */
export function TokenPage({ route, heading, ...props }: TokenPageProps) {
  usePageTitle(pageTitle(route));
  const [params] = useSearchParams();
  const { subscriptions } = useBackend();
  // A link cut short has no token, or an empty one.
  const token = params.get('token') ?? '';
  return (
    <div className="subscribe">
      <NotForSearchEnginesOnceRunning />
      <PageHeading>{heading}</PageHeading>
      <TokenAction
        {...props}
        token={token === '' ? undefined : token}
        initial={outcomeFor(params.get('result') ?? undefined, props.doneResult, props.refusedText)}
        run={subscriptions === undefined ? undefined : (value) => props.run(subscriptions, value)}
      />
    </div>
  );
}

interface TokenActionProps extends Omit<TokenPageProps, 'route' | 'heading' | 'run'> {
  /** The token from the e-mail's link; undefined when the link was cut short. */
  readonly token: string | undefined;
  readonly initial: Outcome | undefined;
  readonly run: ((token: string) => Promise<void>) | undefined;
}

function TokenAction({ token, action, explanation, button, doneText, refusedText, initial, run }: TokenActionProps) {
  const [outcome, setOutcome] = useState<Outcome | undefined>(initial);
  const [sending, setSending] = useState(false);
  const [moved, setMoved] = useState(false);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (moved) outcomeRef.current?.focus();
  }, [moved, outcome]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (run === undefined || token === undefined || sending) return;
    setSending(true);
    try {
      await run(token);
      setOutcome({ kind: 'done' });
    } catch (error) {
      const notValid = isCoreError(error) && (error.kind === 'not-found' || error.kind === 'invalid-input');
      setOutcome({ kind: 'refused', message: notValid ? refusedText : SUBSCRIPTION_TEXTS.unavailable });
    }
    setSending(false);
    setMoved(true);
  }

  if (run === undefined) return <p>{NO_NEWS_BY_EMAIL}</p>;
  if (outcome?.kind === 'done') {
    return (
      <p role="status" ref={outcomeRef} tabIndex={-1} className="status status--success subscribe__outcome">
        {doneText}
      </p>
    );
  }
  if (token === undefined) {
    return <p className="status status--error">{refusedText}</p>;
  }
  return (
    <>
      {outcome?.kind === 'refused' && (
        <p role="alert" ref={outcomeRef} tabIndex={-1} className="status status--error subscribe__outcome">
          {outcome.message}
        </p>
      )}
      <form method="post" action={action} onSubmit={(event) => void submit(event)} className="subscribe__form">
        <p>{explanation}</p>
        <input type="hidden" name="token" value={token} />
        <button type="submit" className="button" disabled={sending}>
          {button}
        </button>
      </form>
    </>
  );
}

function outcomeFor(result: string | undefined, done: string, refusedText: string): Outcome | undefined {
  if (result === done) return { kind: 'done' };
  if (result === 'not-valid') return { kind: 'refused', message: refusedText };
  if (result === 'unavailable') return { kind: 'refused', message: SUBSCRIPTION_TEXTS.unavailable };
  return undefined;
}
