/**
 * "Write a review" on the product page's reviews tab: a rating from one to five stars (a radio
 * group: arrow keys choose, each star is named "3 stars") and the text. Signed out, a link to sign
 * in that comes back to this tab. Nothing of it is in the build's HTML (whether the shopper is
 * signed in is only known in the browser), so it appears once hydrated.
 *
 * The text is sent and shown as typed: the list prints it as text, so markup stays markup.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { ProductComment } from '../../domain/catalogue.schema.ts';
import type { Locale } from '../../domain/locale.ts';
import { checkReview, RATING_MAX, REVIEW_MAX, type ReviewProblem } from '../../domain/review.ts';
import { guardRedirectUrl } from '../../domain/route-guard.ts';
import { useTranslation } from '../../i18n/react.tsx';
import { assetPath, localePath } from '../../i18n/paths.ts';
import { postReview } from '../../stores/reviews.ts';
import { $signedIn } from '../../stores/session.ts';
import { AlertLine } from '../AlertLine.tsx';
import './review-form.css';

const STARS = Array.from({ length: RATING_MAX }, (_, index) => index + 1);

export interface ReviewFormProps {
  productId: number;
  locale: Locale;
  /** The reviews tab's `#hash`: signing in comes back to it. */
  returnHash: string;
  /** The review as the server saved it, for the list to show. */
  onPosted(review: ProductComment): void;
}

export function ReviewForm({ productId, locale, returnHash, onPosted }: ReviewFormProps) {
  const { t } = useTranslation();
  const signedIn = useStore($signedIn);
  // The build cannot know the session: render nothing until hydrated, then the right thing.
  const [mounted, setMounted] = useState(false);
  const [rating, setRating] = useState<number | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [content, setContent] = useState('');
  const [problems, setProblems] = useState<ReviewProblem[]>([]);
  const [refusal, setRefusal] = useState('');
  const [posting, setPosting] = useState(false);
  const [posted, setPosted] = useState(false);
  const id = useId();

  useEffect(() => {
    setMounted(true);
    if (location.hash === returnHash) document.getElementById(`${id}-form`)?.scrollIntoView({ block: 'center' });
  }, [id, returnHash]);

  if (!mounted) return null;
  if (!signedIn) {
    const login = guardRedirectUrl(
      { action: 'redirect-login', redirect: location.pathname + location.search + returnHash },
      { inLocale: (path) => localePath(locale, path), atRoot: assetPath },
    );
    return (
      <p className="review-signin">
        <a className="button secondary small" href={login ?? localePath(locale, '/login/')}>
          {t('review.signIn')}
        </a>
      </p>
    );
  }

  const ratingWrong = problems.includes('ratingInvalid');
  const contentProblem = problems.find((problem) => problem !== 'ratingInvalid');
  const length = content.trim().length;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (posting) return;
    setPosted(false);
    setRefusal('');
    const found = checkReview({ rating, content });
    setProblems(found);
    if (found.length > 0) {
      document.getElementById(found[0] === 'ratingInvalid' ? `${id}-star-1` : `${id}-text`)?.focus();
      return;
    }
    setPosting(true);
    const result = await postReview({ productId, rating: rating!, content: content.trim() });
    setPosting(false);
    if (!result.ok) {
      setRefusal(result.message || t('review.failed'));
      return;
    }
    setRating(null);
    setContent('');
    setPosted(true);
    onPosted(result.review);
  };

  return (
    <form id={`${id}-form`} className="review-form panel" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="review-form-title">
        {t('review.title')}
      </h3>
      <fieldset className="review-stars" aria-describedby={ratingWrong ? `${id}-rating-error` : undefined} onMouseLeave={() => setHover(null)}>
        <legend>{t('review.rating')}</legend>
        <div className="review-star-row">
          {STARS.map((n) => (
            <label key={n} className={n <= (hover ?? rating ?? 0) ? 'icon-button review-star is-on' : 'icon-button review-star'} onMouseEnter={() => setHover(n)}>
              <input
                id={`${id}-star-${n}`}
                type="radio"
                name={`${id}-rating`}
                value={n}
                checked={rating === n}
                aria-invalid={ratingWrong || undefined}
                onChange={() => {
                  setRating(n);
                  setProblems((known) => known.filter((problem) => problem !== 'ratingInvalid'));
                }}
              />
              <span aria-hidden="true">★</span>
              <span className="sr-only">{t('review.star', { count: n })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {ratingWrong ? (
        <p id={`${id}-rating-error`} className="review-error">
          {t('review.errors.ratingInvalid')}
        </p>
      ) : null}
      <label htmlFor={`${id}-text`} className="review-label">
        {t('review.content')}
      </label>
      <textarea
        id={`${id}-text`}
        rows={4}
        maxLength={REVIEW_MAX}
        value={content}
        aria-invalid={contentProblem ? true : undefined}
        aria-describedby={[contentProblem ? `${id}-text-error` : '', `${id}-hint`].filter(Boolean).join(' ')}
        onChange={(event) => {
          setContent(event.target.value);
          if (contentProblem) setProblems((known) => known.filter((problem) => problem === 'ratingInvalid'));
        }}
      />
      {contentProblem ? (
        <p id={`${id}-text-error`} className="review-error">
          {t(`review.errors.${contentProblem}`, { max: REVIEW_MAX })}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="review-hint">
        {t('review.contentHint', { max: REVIEW_MAX })} <span aria-hidden="true">({t('review.counter', { count: length, max: REVIEW_MAX })})</span>
      </p>
      <p className="review-hint">{t('review.replaces')}</p>
      <AlertLine className="review-error">{refusal}</AlertLine>
      <p className="review-actions">
        <button type="submit" className="button small" aria-disabled={posting || undefined}>
          {posting ? t('review.posting') : t('review.submit')}
        </button>
        <span role="status" className="review-posted">
          {posted ? t('review.posted') : ''}
        </span>
      </p>
    </form>
  );
}
