export const peopleKeys = {
  all: ["people"] as const,
  list: () => [...peopleKeys.all, "list"] as const,
  details: () => [...peopleKeys.all, "detail"] as const,
  detail: (id: string) => [...peopleKeys.details(), id] as const,
};
