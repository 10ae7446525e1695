import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { RouterProvider } from "react-router-dom";
import { SessionGuards } from "../features/session/SessionGuards";
import { router } from "./routes";
import { cssVariablesResolver, LAYOUT, theme } from "./theme";

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="dark">
      <Notifications limit={LAYOUT.toastLimit} position="bottom-center" />
      <SessionGuards />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
