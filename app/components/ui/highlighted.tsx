/** Text with the parts that match a search marked, as the API splits it. */
export function Highlighted({
  segments,
  text,
}: {
  segments?: { text: string; match: boolean }[] | null;
  text: string;
}) {
  if (!segments) return <>{text}</>;
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never move
          <mark key={index} className="rounded-sm bg-accent-soft px-0.5 text-text">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces never move
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
