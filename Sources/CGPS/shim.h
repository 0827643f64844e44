// Version-robust access to libgps (gpsd 3.22 … 3.27). Feature-test macros, never API numbers alone,
// and never #error on an unknown version (docs/SENSOR-INTERFACES.md).
#include <stdint.h>
#include <gps.h>

// Fix status names: STATUS_NO_FIX/FIX/DGPS_FIX became STATUS_UNK/GPS/DGPS in 3.23.1 without an API bump.
// (flightlog does not use the status field; the aliases keep other code compiling everywhere.)
#if defined(STATUS_UNK)
enum { FLGPS_STATUS_NONE = STATUS_UNK, FLGPS_STATUS_GPS = STATUS_GPS, FLGPS_STATUS_DGPS = STATUS_DGPS };
#else
enum { FLGPS_STATUS_NONE = STATUS_NO_FIX, FLGPS_STATUS_GPS = STATUS_FIX, FLGPS_STATUS_DGPS = STATUS_DGPS_FIX };
#endif

/// Sends `?WATCH={"enable":true,"json":true,"pps":true};`. `pps` adds gpsd's TOFF message: the host clock when
/// the first data of each reporting cycle arrived, i.e. close to the receiver's epoch (the TPV comes only at
/// the end of the cycle). gps_stream's prototype changed in 3.25 (watch_t, const char *), which is also when
/// WATCH_READONLY appeared; 3.24 has the same API number but the old form.
static inline int flgps_stream_json(struct gps_data_t *data) {
#if defined(WATCH_READONLY)
    return gps_stream(data, (watch_t)(WATCH_ENABLE | WATCH_JSON | WATCH_PPS), NULL);
#else
    return gps_stream(data, WATCH_ENABLE | WATCH_JSON | WATCH_PPS, NULL);
#endif
}

/// Stops streaming (best effort before a close).
static inline int flgps_stream_disable(struct gps_data_t *data) {
#if defined(WATCH_READONLY)
    return gps_stream(data, (watch_t)WATCH_DISABLE, NULL);
#else
    return gps_stream(data, WATCH_DISABLE, NULL);
#endif
}

/// gps_send is variadic (not importable into Swift): send one literal command.
static inline int flgps_send_string(struct gps_data_t *data, const char *command) {
    return gps_send(data, "%s", command);
}

/// The socket: `socket_t` (int) up to 3.26, `gps_fd_t` (intptr_t-based) from 3.27, a pointer with USE_QT.
static inline int flgps_fd(const struct gps_data_t *data) {
    return (int)(intptr_t)(data->gps_fd);
}
