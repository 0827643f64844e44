print("flightlogd")
