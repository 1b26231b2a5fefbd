// A form field's control is described by what is shown under it: its hint, or its error in the hint's place.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { FormField } from "./form-field";
import { Input } from "./ui/input";

afterEach(cleanup);

const field = (error?: string) => (
  <FormField label="Holdup server" hint="The address you open Holdup at." error={error}>
    {(props) => <Input {...props} />}
  </FormField>
);

describe("FormField", () => {
  it("describes the control by its hint, then by its error alone, each on the page", () => {
    const { rerender } = render(field());
    const control = screen.getByLabelText("Holdup server");
    expect(control.getAttribute("aria-invalid")).toBe("false");
    expect(control.getAttribute("aria-describedby")).toBe(screen.getByText("The address you open Holdup at.").id);

    rerender(field("Enter the server's address."));
    expect(control.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("The address you open Holdup at.")).toBeNull();
    const ids = control.getAttribute("aria-describedby")?.split(" ") ?? [];
    expect(ids.map((id) => document.getElementById(id)?.textContent)).toEqual(["Enter the server's address."]);
  });
});
