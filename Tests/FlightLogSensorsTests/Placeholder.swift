// Tests for FlightLogSensors.
