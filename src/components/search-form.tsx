import { useRef, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MAX_QUERY_LENGTH, SEARCH_PARAM, SEARCH_PATH, searchPath } from '../../src-core/domain/search';
import './search-form.css';

/** A magnifying glass. */
function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
      <path d="M15.5 15.5 21 21" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" />
    </svg>
  );
}

export interface SearchFormProps {
  /** The field's id: the header's box and the results page's form are on one page. */
  readonly id: string;
  readonly label: string;
  readonly defaultQuery?: string;
  readonly className?: string;
}

/**
 * A search box: a plain GET form to the results page, so it works before and without the
 * app's script; with it, the app goes there itself without reloading the page.
 */
export function SearchForm({ id, label, defaultQuery = '', className }: SearchFormProps) {
  const navigate = useNavigate();
  const field = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void navigate(searchPath(field.current?.value ?? ''));
  }

  return (
    // Named, as a page may have two search landmarks (the header's and the results page's).
    <form role="search" aria-label={label} action={SEARCH_PATH} method="get" className={className ? `search-form ${className}` : 'search-form'} onSubmit={submit}>
      <label htmlFor={id} className="search-form__label">
        {label}
      </label>
      <div className="search-form__row">
        <input
          ref={field}
          id={id}
          className="search-form__field"
          type="search"
          name={SEARCH_PARAM}
          defaultValue={defaultQuery}
          maxLength={MAX_QUERY_LENGTH}
          enterKeyHint="search"
          autoComplete="off"
          spellCheck
        />
        <button type="submit" className="search-form__button">
          <SearchIcon />
          {/* Only the magnifying glass shows where the header has no room for the word (search-form.css). */}
          <span className="search-form__button-text">Search</span>
        </button>
      </div>
    </form>
  );
}
