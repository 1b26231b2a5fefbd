/** The heading of a landing section: a short kicker, the title and one line on what follows. */
export function SectionHeading({ id, kicker, title, description }: { id: string; kicker: string; title: string; description: string }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-3 text-center">
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{kicker}</p>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      <p className="text-lg text-balance text-muted-foreground">{description}</p>
    </div>
  );
}
