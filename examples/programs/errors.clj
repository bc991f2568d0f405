;; try/catch/finally and ex-info: validate records, keep the good ones, report the bad ones.
;;
;;   ptc eval examples/programs/errors.clj --show-output

(def rows
  [{:id 1 :qty "3" :price "9.99"}
   {:id 2 :qty "x" :price "1.00"}
   {:id 3 :qty "2"}
   {:id 4 :qty "-1" :price "5"}
   {:id 5 :qty "10" :price "0.5"}])

(defn parse-row [{:keys [id qty price]}]
  (let [q (parse-long qty)
        p (when price (parse-double price))]
    (cond
      (nil? q) (throw (ex-info "quantity is not a number" {:id id :qty qty}))
      (nil? p) (throw (ex-info "price is missing" {:id id}))
      (neg? q) (throw (ex-info "quantity is negative" {:id id :qty q}))
      :else {:id id :qty q :price p :total (* q p)})))

(def results
  (for [row rows]
    (try
      {:ok (parse-row row)}
      (catch Exception e
        {:error (ex-message e) :data (ex-data e)}))))

(doseq [{:keys [error data]} (filter :error results)]
  (println "rejected row" (:id data) "-" error))

;; Errors from the runtime itself are caught the same way.
(def division
  (try
    (/ 10 0)
    (catch Exception e (str "caught: " (ex-message e)))
    (finally (println "division attempted"))))

{:accepted (mapv :ok (filter :ok results))
 :rejected (count (filter :error results))
 :division division}
