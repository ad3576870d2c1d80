/** A full-screen lock with a status message (the route guard's 'Checking authentication...' and 'Redirecting to login...'). */
export function FullScreenLock({ message }: { message: string }) {
  return (
    <div className="full-screen-lock" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p className="full-screen-lock-message">{message}</p>
    </div>
  );
}
