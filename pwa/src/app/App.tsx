import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { RouterProvider } from "react-router-dom";
import { router } from "./routes";
import { LAYOUT, theme } from "./theme";

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark">
      <Notifications limit={LAYOUT.toastLimit} position="bottom-center" />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
