// Apart from the composer, so the post page can find the box without loading the composer (and
// the form controls it brings) for a guest, who gets none.

/** The name of the box for a new comment on the post (the form and its text area). */
export const COMMENT_BOX = 'Write a comment';
