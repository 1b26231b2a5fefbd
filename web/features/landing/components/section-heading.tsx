/**
 * The heading of a landing section: its name (the specification's: "Who Benefits?", "How It Works"…), which is
 * what a screen reader's list of headings finds, then the tagline set large and one line on what follows.
 */
export function SectionHeading({ id, name, tagline, description }: { id: string; name: string; tagline: string; description: string }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-primary uppercase">
        {name}
      </h2>
      <p className="text-3xl font-bold tracking-tight text-balance text-foreground sm:text-4xl">{tagline}</p>
      <p className="text-lg text-balance text-muted-foreground">{description}</p>
    </div>
  );
}
