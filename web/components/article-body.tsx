/** A long text of the site (a blog post, a legal document): HTML compiled from our own Markdown at build time. */
export function ArticleBody({ html }: { html: string }) {
  // Trusted content: it comes from the repository's content/ folder, never from a user.
  return <div className="prose mt-8 max-w-none prose-neutral dark:prose-invert prose-a:text-primary" dangerouslySetInnerHTML={{ __html: html }} />;
}
