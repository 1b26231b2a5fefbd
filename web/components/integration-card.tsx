// A tool connected on /organization/integrations (Slack, GitHub, outgoing webhooks): its name and what it does, then
// its state as the server answers it — a placeholder while it loads, the error with a retry, or the card's content.
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryError } from "@/web/components/query-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Skeleton } from "@/web/components/ui/skeleton";

type IntegrationCardProps<T> = { title: string; description: string; query: UseQueryResult<T>; children: (data: T) => ReactNode };

export function IntegrationCard<T>({ title, description, query, children }: IntegrationCardProps<T>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="text-base">{title}</h3>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? <Skeleton className="h-12 w-full" aria-hidden="true" /> : query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : children(query.data)}
      </CardContent>
    </Card>
  );
}
