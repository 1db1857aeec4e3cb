/**
 * A part's paragraphs, as many as the panel gave it (decision 062): the team adds, removes and reorders them, so two
 * may read alike and none has an id of its own: the place is the key (the list is rendered whole).
 */
export function Paragraphs({ paragraphs, className }: { paragraphs: readonly string[]; className?: string | undefined }) {
  return paragraphs.map((paragraph, index) => (
    <p key={index} className={className}>
      {paragraph}
    </p>
  ));
}
