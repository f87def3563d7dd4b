import FlickMQTT

extension KioskConfig.MQTT {
    /// The connection's settings: the broker's address, the login and the TLS authority, checked together.
    func settings() throws(MQTTError) -> MQTTSettings {
        try MQTTSettings(broker: BrokerAddress(parsing: broker), username: username, passwordFile: passwordFile, caFile: caFile)
    }
}
